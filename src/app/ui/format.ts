/** Numbers and sizes as people read them. */

const integer = new Intl.NumberFormat('en');

export function formatCount(n: number): string {
  return integer.format(n);
}

export { formatBytes } from '../../shared/format-bytes';

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
