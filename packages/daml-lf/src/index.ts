// Daml-LF 2: reading DARs and DALFs, the package model, the evaluator and the typed JSON value codec.
export * from './ast/builtins.ts';
export * from './ast/expressions.ts';
export * from './ast/names.ts';
export * from './ast/types.ts';
export * from './ast/updates.ts';
export * from './ast.ts';
