//! The arsenal of a simulated game as the command line and a shard's header write it: the JSON of
//! a request's `arsenal`, read into the core's power-ups.

use serde::{Deserialize, Serialize};

use crate::game::arsenal::{self, Kind, PowerUp};

/// One power-up as JSON writes it: `{"name": "missile", "kind": "strike", "area": ["XXX", "XXX",
/// "XXX"], "uses": 1}` (no `area` for a torpedo).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerUpSpec {
    pub name: String,
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<Vec<String>>,
    pub uses: usize,
}

/// `--arsenal`: a JSON list of power-ups, each read as a request's.
pub fn parse(json: &str) -> Result<Vec<PowerUpSpec>, String> {
    let specs: Vec<PowerUpSpec> = serde_json::from_str(json).map_err(|e| format!("not an arsenal: {e}"))?;
    power_ups(&specs)?;
    Ok(specs)
}

/// The core's power-ups: at most [`arsenal::MAX_POWER_UPS`], each kind known and each area read.
pub fn power_ups(specs: &[PowerUpSpec]) -> Result<Vec<PowerUp>, String> {
    arsenal::check_count(specs.len()).map_err(|e| e.to_string())?;
    let read = |(i, s): (usize, &PowerUpSpec)| {
        let kind = Kind::from_name(&s.kind).ok_or_else(|| format!("[{i}].kind: {:?} is not a kind", s.kind))?;
        PowerUp::new(i, s.name.clone(), kind, s.area.as_deref(), s.uses).map_err(|e| format!("[{i}]: {e}"))
    };
    let arsenal = specs.iter().enumerate().map(read).collect::<Result<Vec<PowerUp>, String>>()?;
    arsenal::check_names(&arsenal).map_err(|e| e.to_string())?;
    Ok(arsenal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_requests_json_and_names_a_fault() {
        let specs = parse(r#"[{"name":"missile","kind":"strike","area":["XXX","XXX","XXX"],"uses":1},{"name":"t","kind":"torpedo","uses":2}]"#).unwrap();
        assert_eq!(power_ups(&specs).unwrap()[1].uses, 2);
        assert_eq!(
            parse(r#"[{"name":"t","kind":"laser","uses":1}]"#).unwrap_err(),
            "[0].kind: \"laser\" is not a kind"
        );
        assert!(parse(r#"[{"name":"t","kind":"torpedo","area":["X"],"uses":1}]"#).unwrap_err().contains("no `area`"));
    }
}
