import { createHash } from 'node:crypto';
import path from 'node:path';
import { isListedLocation, type Finding } from '../model.js';

/** `file` (absolute) relative to `baseDir`, with `/` whatever the platform: how fingerprints and baselines name files. */
export function relativeFile(file: string, baseDir: string): string {
  return path.relative(baseDir, file).split(path.sep).join('/');
}

/**
 * The parts of a finding that identify it across runs, whatever lines were added or removed
 * around it: the rule, the message id, the file (relative to `baseDir`, with `/`), the tool's name
 * and the hint or key it is about. Lines, columns and message text (which names call sites) are
 * left out. A file-level finding without a tool (a parse error) is identified by its message.
 */
export function fingerprintParts(finding: Finding, baseDir: string): string[] {
  // A listed tool (live mode) has the server's label for a file: it is kept as it is.
  const file = isListedLocation(finding.location) ? finding.location.file : relativeFile(finding.location.file, baseDir);
  const subject = finding.tool ?? (finding.toolLocation ? '' : finding.message);
  return [finding.ruleId, finding.messageId, file, subject, finding.hint ?? ''];
}

/**
 * A stable fingerprint of a finding (hex SHA-256 of {@link fingerprintParts}, 16 characters):
 * the same finding gets the same fingerprint after unrelated edits shift its lines. Two findings
 * of one rule on one tool and hint share a fingerprint; baselines count them.
 */
export function fingerprint(finding: Finding, baseDir: string): string {
  return createHash('sha256').update(fingerprintParts(finding, baseDir).join('\0')).digest('hex').slice(0, 16);
}
