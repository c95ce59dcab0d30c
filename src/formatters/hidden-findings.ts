import type { LintResult } from '../model.js';
import { count } from './paths.js';

/**
 * The summary lines about findings a report does not show: those inline comments suppressed and
 * those the `--baseline` file records, and recorded findings that no longer occur (the baseline
 * could be updated; it is never rewritten without `--update-baseline`). Empty when there are none.
 */
export function hiddenFindingsSummary(result: LintResult): string[] {
  const suppressed = result.suppressed ?? 0;
  const baselined = result.baselined ?? 0;
  const lines: string[] = [];
  if (suppressed + baselined > 0) {
    const parts = [...(baselined > 0 ? [`${baselined} baselined`] : []), ...(suppressed > 0 ? [`${suppressed} suppressed by comments`] : [])];
    lines.push(`${count(suppressed + baselined, 'finding')} not shown: ${parts.join(', ')}.`);
  }
  const unmatched = result.baselineUnmatched ?? 0;
  if (unmatched > 0) lines.push(`${unmatched} baselined finding${unmatched === 1 ? '' : 's'} no longer occur${unmatched === 1 ? 's' : ''}; run with --update-baseline to drop ${unmatched === 1 ? 'it' : 'them'}.`);
  return lines;
}
