//! Rule names for imported games: a file stem (or a variant name) lower-cased, every run of
//! characters other than `a-z0-9` turned into one `_` (`Adji-boto` -> `adji_boto`); a named
//! variant `V` of game `g` is `g__v`.

/// The rule name for a file stem or a variant name.
pub fn rule_name(stem: &str) -> String {
    let mut out = String::with_capacity(stem.len());
    let mut in_run = false;
    for c in stem.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.push(c);
            in_run = false;
        } else if !in_run {
            out.push('_');
            in_run = true;
        }
    }
    out
}

/// The preset name of variant `variant` of rule `rule`.
pub fn variant_name(rule: &str, variant: &str) -> String {
    format!("{rule}__{}", rule_name(variant))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_public_convention() {
        assert_eq!(rule_name("Adji-boto"), "adji_boto");
        assert_eq!(rule_name("Toguz_Kumalak"), "toguz_kumalak");
        assert_eq!(rule_name("Al-manqala"), "al_manqala");
        assert_eq!(rule_name("NS_Kalah"), "ns_kalah");
        assert_eq!(rule_name("Hoyito  I"), "hoyito_i");
        assert_eq!(variant_name("pallanguli", "Pandi"), "pallanguli__pandi");
        assert_eq!(variant_name("dakon", "Dakon 10"), "dakon__dakon_10");
    }
}
