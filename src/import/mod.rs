//! Importers: rules written for other programs, read and translated into sowlab's own declared
//! data rules. A layer above the engine: it reads a foreign file, and writes a data rule
//! (`rules/NAME.yaml` text) that the engine then loads like any other; it never plays a move.

pub mod mancalagames;
