//! A loaded rule: where rules come from ([`library`]: the rules path, folders and the built-in
//! rules), rule files read as data ([`data_rule`]) or scripts, compiled once ([`rules`]): their
//! declaration, script, options, presets, the calls into them, and their content hash
//! ([`content_hash`]).

pub mod content_hash;
pub mod data_rule;
pub mod library;
pub mod rules;

mod call;
mod load;
mod moves;
pub mod options;
mod read;
mod setup;
