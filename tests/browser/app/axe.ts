/** Accessibility check of a mounted element with axe-core (shadow DOM included): serious and critical problems. */
import axe from 'axe-core';

export async function seriousViolations(element: Element): Promise<string[]> {
  const result = await axe.run(element, { resultTypes: ['violations'] });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}
