// Daml-LF 2: reading DARs and DALFs, the package model, the evaluator and the typed JSON value codec.
export {};
