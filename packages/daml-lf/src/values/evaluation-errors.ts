/**
 * Failures of evaluation. A builtin's arithmetic failure is catchable in Daml (the machine
 * throws it as the stdlib's `ArithmeticError`); anything else fatal ends the evaluation.
 */
export class ArithmeticFailure extends Error {
  override readonly name = 'ArithmeticFailure';
}

/** The spec's `Err (Fatal t)`: not catchable by `try`. */
export class FatalFailure extends Error {
  override readonly name = 'FatalFailure';
}

export function arithmeticFailure(builtin: string, ...operands: readonly string[]): never {
  throw new ArithmeticFailure(
    `ArithmeticError while evaluating (${[builtin, ...operands].join(' ')}).`,
  );
}
