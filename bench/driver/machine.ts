/** A description of the machine a run came from, printed under the table and kept in the JSON. */
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGB: number;
  os: string;
  node: string;
  browser: string;
}

export function describeMachine(browserVersion: string): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    os: `${distribution()} (${os.type()} ${os.release()})`,
    node: process.version,
    browser: `Chromium ${browserVersion}, headless`,
  };
}

export function machineLine(machine: Machine): string {
  return `${machine.cores} × ${machine.cpu}, ${machine.memoryGB} GB, ${machine.os}, ${machine.browser}, node ${machine.node}`;
}

function distribution(): string {
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    return /^PRETTY_NAME="?([^"\n]+)"?/m.exec(release)?.[1] ?? os.platform();
  } catch {
    return os.platform();
  }
}
