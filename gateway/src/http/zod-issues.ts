import type { z } from 'zod';

type Issue = z.core.$ZodIssue;
type PathSegment = PropertyKey;

// `commands[0].CreateCommand.templateId`, the way a reader would point at the field.
function formatPath(path: readonly PathSegment[]): string {
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      return index === 0 ? String(segment) : `.${String(segment)}`;
    })
    .join('');
}

// Bounded, so that a pathologically deep or huge value cannot break (or bloat) the message.
function quoted(input: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(input);
  } catch {
    text = undefined;
  }
  if (text === undefined) return Array.isArray(input) ? '[…]' : `(${typeof input})`;
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

const at = (path: readonly PathSegment[]) => (path.length === 0 ? '' : ` at '${formatPath(path)}'`);

const isMissingKey = (issue: Issue, depth: number) =>
  issue.code === 'invalid_type' && issue.input === undefined && issue.path.length === depth + 1;

/**
 * A tagged union (`{"CreateCommand": …}`) fails in every branch; report the branch the body
 * chose, or the list of tags when it chose none.
 */
function describeUnion(issue: Extract<Issue, { code: 'invalid_union' }>, base: PathSegment[]) {
  const branches = issue.errors.filter((errors) => errors.length > 0);
  const chosen = branches.find((errors) => !errors.every((e) => isMissingKey(e, 0)));
  if (chosen) return chosen.map((inner) => describeIssue(inner, base));
  const tags = branches.flatMap((errors) => errors.map((e) => String(e.path[0])));
  if (tags.length === 0) return [`${issue.message}${at(base)}`];
  return [`Expected exactly one of ${tags.join(', ')}${at(base)}`];
}

function describeIssue(issue: Issue, base: PathSegment[] = []): string {
  const path = [...base, ...issue.path];
  if (issue.code === 'invalid_union') return describeUnion(issue, path).join(', ');
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return `Missing required field${at(path)}`;
    return `Got value '${quoted(issue.input)}' with wrong type, expecting ${issue.expected}${at(path)}`;
  }
  return `${issue.message}${at(path)}`;
}

/** circe-like messages for every issue, joined as tapir joins decoding errors. */
export function describeZodIssues(issues: readonly Issue[]): string {
  return issues.map((issue) => describeIssue(issue)).join(', ');
}
