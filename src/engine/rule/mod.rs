//! A loaded rule: where rules come from ([`library`]: the rules path over folders and the built-in
//! rules), rule files read as data ([`data`]) or compiled once as scripts: the [`Rule`]
//! ([`rules`]) with its options ([`options`]), its loading, metadata, setup, script calls and
//! moves (one file each), and its content hash ([`content_hash`]).
//!
//! [`Rule`]: rules::Rule

pub mod content_hash;
pub mod data;
pub mod library;
pub mod ludii;
pub mod ludii_check;
pub mod mancalagames_check;
pub mod mancalagames_meta;
pub mod rules;

mod call;
mod load;
mod moves;
pub mod options;
mod read;
mod setup;
#[cfg(test)]
pub(crate) mod test_boards;
