/**
 * Daml-LF Text is a sequence of Unicode code points; JavaScript strings are UTF-16. Text is
 * ordered by code point (the order of its UTF-8 bytes), which differs from UTF-16 code-unit
 * order for characters above U+FFFF against U+E000..U+FFFF.
 */
export function compareText(left: string, right: string): number {
  if (left === right) return 0;
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const a = left.charCodeAt(index);
    const b = right.charCodeAt(index);
    if (a !== b) {
      // Surrogates (D800..DFFF) stand for code points above every BMP character.
      const surrogateA = a >= 0xd800 && a <= 0xdfff;
      const surrogateB = b >= 0xd800 && b <= 0xdfff;
      if (surrogateA !== surrogateB) return surrogateA ? 1 : -1;
      return a < b ? -1 : 1;
    }
  }
  return left.length - right.length;
}

export function codePoints(text: string): number[] {
  const points: number[] = [];
  for (const character of text) points.push(character.codePointAt(0) as number);
  return points;
}

export function explode(text: string): string[] {
  return Array.from(text);
}

export function isValidCodePoint(point: bigint): boolean {
  return (point >= 0n && point <= 0xd7ffn) || (point >= 0xe000n && point <= 0x10ffffn);
}

const hexPattern = /^(?:[0-9a-f]{2})+$/;

/** HEX_TO_TEXT's input: non-empty lower-case hex of whole bytes. */
export function isLowerHex(text: string): boolean {
  return hexPattern.test(text);
}
