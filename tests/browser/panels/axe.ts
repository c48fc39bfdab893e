/** axe-core on a panel: the serious and critical violations, one line each (none is the goal). */
import axe from 'axe-core';

export async function seriousViolations(context: Element): Promise<string[]> {
  const result = await axe.run(context, { resultTypes: ['violations'] });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
