//! Script values and Rust values: the one converter between Rhai's [`Dynamic`] and anything serde
//! reads or writes (reports, positions, JSON), built on Rhai's own `serde` support. Check scripts
//! get reports and states as maps through [`to_dynamic`]; declarations and maps a script hands back
//! become JSON through [`to_json`].

use rhai::Dynamic;
use serde::Serialize;

/// A serialisable value as a script value: structs and JSON objects become maps, sequences
/// arrays, `None` and `null` become `()`, integers that fit stay integers and other numbers become
/// floats. `()` if the value cannot be represented (no type of this crate does that).
pub fn to_dynamic<T: Serialize + ?Sized>(v: &T) -> Dynamic {
    rhai::serde::to_dynamic(v).unwrap_or(Dynamic::UNIT)
}

/// A script value as JSON: `()` is `null`, maps are objects, arrays are arrays; a float that is
/// not finite is `null`. Values that are not data (a game, a function pointer) are an error that
/// names their type.
pub fn to_json(v: &Dynamic) -> Result<serde_json::Value, String> {
    rhai::serde::from_dynamic(v).map_err(|e| match *e {
        rhai::EvalAltResult::ErrorMismatchOutputType(_, actual, _) => {
            format!("{actual} is not a word, number, list or map")
        }
        e => e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rhai::{Array, Map};

    #[test]
    fn json_round_trips_through_a_script_value() {
        let j = serde_json::json!({
            "pits": [3, 0, -2], "name": "kalah", "over": false, "winner": null,
            "rate": 0.25, "nested": {"a": [true, {"b": "c"}]}
        });
        let d = to_dynamic(&j);
        let m = d.clone().cast::<Map>();
        assert_eq!(m["pits"].clone().cast::<Array>()[2].as_int(), Ok(-2));
        assert!(m["winner"].is_unit());
        assert_eq!(m["rate"].as_float(), Ok(0.25));
        assert_eq!(to_json(&d).unwrap(), j);
    }

    #[test]
    fn structs_become_maps_with_their_field_names() {
        #[derive(Serialize)]
        struct R {
            games: u64,
            big: u64,
            missing: Option<u8>,
            mean: f64,
            tag: Kind,
        }
        #[derive(Serialize)]
        enum Kind {
            Solitaire,
        }
        let d = to_dynamic(&R {
            games: 7,
            big: u64::MAX,
            missing: None,
            mean: 1.5,
            tag: Kind::Solitaire,
        });
        let m = d.cast::<Map>();
        assert_eq!(m["games"].as_int(), Ok(7));
        assert_eq!(m["big"].as_float(), Ok(u64::MAX as f64), "too big for INT");
        assert!(m["missing"].is_unit());
        assert_eq!(m["mean"].as_float(), Ok(1.5));
        assert_eq!(m["tag"].clone().into_string().unwrap(), "Solitaire");
    }

    #[test]
    fn non_data_is_an_error_naming_its_type() {
        let e = to_json(&Dynamic::from(std::time::Duration::ZERO)).unwrap_err();
        assert!(e.contains("is not a word, number, list or map"), "{e}");
        assert_eq!(
            to_json(&Dynamic::from(f64::NAN)).unwrap(),
            serde_json::Value::Null
        );
        assert_eq!(to_json(&Dynamic::from('x')).unwrap(), "x");
    }
}
