//! The bottom of the engine, what every layer above uses: the resource limits every input runs
//! under ([`limits`]) and the memory budget of tables sized by input ([`budget`]), the clock that
//! stops a call ([`clock`]), the one door every file read or written goes through ([`files`]),
//! where rule text comes from ([`source`]: folders and the built-in rules), YAML behind one door
//! ([`yaml`]), the seeded random numbers of every experiment ([`rng`]) and script values to and
//! from serde ([`values`]). Nothing here knows about boards or rules.

pub mod budget;
pub mod clock;
pub mod files;
pub mod limits;
pub mod rng;
pub mod source;
pub mod values;
pub mod yaml;
