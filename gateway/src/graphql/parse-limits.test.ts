import { describe, expect, it } from 'vitest';
import { nestingOf } from './parse-limits.ts';

describe('the nesting of a raw GraphQL document', () => {
  it('counts braces, parentheses and brackets open at once', () => {
    expect(nestingOf('{ a { b(x: [1, [2]]) } }')).toBe(5);
    expect(nestingOf('{ a } { b }')).toBe(1);
  });

  it('leaves out brackets in strings, block strings and comments', () => {
    expect(nestingOf('{ a(s: "{{{\\"[[[") }')).toBe(2);
    expect(nestingOf('{ a(s: """ {{{ "" [[[ """) }')).toBe(2);
    expect(nestingOf('# {{{{\n{ a }')).toBe(1);
  });
});
