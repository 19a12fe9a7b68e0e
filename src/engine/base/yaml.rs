//! YAML, behind one door: presets, saves and position files are read and written through this
//! module, so the YAML crate can be swapped here alone. `serde_yaml` is deprecated upstream; this is
//! the YAML organisation's maintained fork of it (`yaml_serde`), which reads and writes the same
//! text.

pub use yaml_serde::{from_str, from_value, to_string, Error, Mapping, Value};
