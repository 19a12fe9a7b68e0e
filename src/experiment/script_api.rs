//! The `simulate(rule, #{...})` function of check scripts: its settings map read into a
//! [`SimConfig`], its report returned as a Rhai map.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use rhai::{Dynamic, Engine, EvalAltResult, Map};

use crate::engine::rule::library::RulePath;
use crate::engine::rule::rules::Rule;
use crate::error::{Error, Result};
use crate::experiment::report::SimReport;
use crate::experiment::runner::{default_jobs, simulate, SimConfig};
use crate::search::agent::Agent;

/// A report as a Rhai map (the JSON report's fields).
pub(crate) fn report_to_dynamic(r: &SimReport) -> Dynamic {
    crate::engine::base::values::to_dynamic(r)
}

fn dyn_text(v: &Dynamic) -> String {
    if v.is_string() {
        v.clone().into_string().unwrap_or_default()
    } else {
        v.to_string()
    }
}

/// Reads `#{games:, agents:, seed:, options:, max_moves:, jobs:, rotate:}` into a config and
/// `--set` strings.
pub(crate) fn config_from_map(m: &Map) -> Result<(SimConfig, Vec<String>)> {
    let mut cfg = SimConfig {
        jobs: default_jobs(),
        ..SimConfig::default()
    };
    let mut sets = Vec::new();
    let int = |k: &str, v: &Dynamic| -> Result<i64> {
        v.as_int()
            .map_err(|_| Error::msg(format!("simulate: `{k}` takes an integer")))
    };
    for (k, v) in m {
        match k.as_str() {
            "games" => {
                let n = int(k, v)?;
                if n < 1 {
                    return Err(Error::msg("simulate: `games` must be at least 1"));
                }
                cfg.games = n as u64;
            }
            "seed" => cfg.seed = int(k, v)? as u64,
            "max_moves" => {
                let n = int(k, v)?;
                if n < 1 {
                    return Err(Error::msg("simulate: `max_moves` must be at least 1"));
                }
                cfg.max_moves = n as u64;
            }
            "jobs" => {
                let n = int(k, v)?;
                if n < 1 {
                    return Err(Error::msg("simulate: `jobs` must be at least 1"));
                }
                cfg.jobs = n.min(256) as usize;
            }
            "rotate" => {
                cfg.rotate = v
                    .as_bool()
                    .map_err(|_| Error::msg("simulate: `rotate` takes true or false"))?
            }
            "agents" => {
                cfg.agents = if let Some(a) = v.clone().try_cast::<rhai::Array>() {
                    a.iter()
                        .map(|x| Agent::parse(&dyn_text(x)))
                        .collect::<Result<_>>()?
                } else {
                    Agent::parse_list(&dyn_text(v))?
                };
            }
            "options" => {
                let Some(o) = v.clone().try_cast::<Map>() else {
                    return Err(Error::msg(
                        "simulate: `options` takes a map, e.g. #{ seeds: 3 }",
                    ));
                };
                for (ok, ov) in o {
                    sets.push(format!("{ok}={}", dyn_text(&ov)));
                }
            }
            other => {
                return Err(Error::msg(format!(
                    "simulate: unknown key `{other}` (keys: games, agents, seed, options, max_moves, jobs, rotate)"
                )))
            }
        }
    }
    Ok((cfg, sets))
}

/// Registers `simulate(rule, #{games:, agents:, seed:, options:, max_moves:, jobs:, rotate:})` in a Rhai
/// engine (for check scripts). `rule` is a name on the rules path or a path to a file; `agents` is an array of
/// specs or one comma-separated string; `options` a map of option values. It returns the JSON
/// report as a map: `games`, `players` (each with `wins`/`draws`/`losses` maps holding `count`,
/// `rate`, `lo`, `hi`, and `captures`), `moves`/`laps`/`rounds` (`mean`, `median`, `max`, `sd`),
/// `capped`, `finished`, .... Loaded rules are cached per engine.
pub fn register_sim_api(engine: &mut Engine, rules_dir: impl Into<RulePath>) {
    register_sim_api_until(engine, rules_dir, None);
}

/// [`register_sim_api`] for a run that stops at `deadline` (a check script's `--timeout`): a
/// simulation still running then fails with an error.
pub fn register_sim_api_until(
    engine: &mut Engine,
    rules_dir: impl Into<RulePath>,
    deadline: Option<std::time::Instant>,
) {
    let rules_dir: RulePath = rules_dir.into();
    let cache: Arc<Mutex<BTreeMap<String, Arc<Rule>>>> = Arc::new(Mutex::new(BTreeMap::new()));
    engine.register_fn(
        "simulate",
        move |rule: &str, cfg: Map| -> std::result::Result<Dynamic, Box<EvalAltResult>> {
            let run = || -> Result<Dynamic> {
                let r = {
                    let mut c = cache.lock().unwrap_or_else(|p| p.into_inner());
                    match c.get(rule) {
                        Some(r) => r.clone(),
                        None => {
                            let r = Arc::new(Rule::load(rule, &rules_dir)?);
                            c.insert(rule.to_string(), r.clone());
                            r
                        }
                    }
                };
                let (mut cfg, sets) = config_from_map(&cfg)?;
                cfg.deadline = deadline;
                let opts = r.resolve_options(&sets)?;
                let rep = simulate(&r, &opts, &cfg)?;
                Ok(report_to_dynamic(&rep))
            };
            run().map_err(|e| e.one_line().into())
        },
    );
    engine.register_fn(
        "simulate",
        |_rule: &str| -> std::result::Result<Dynamic, Box<EvalAltResult>> {
            Err("simulate(rule, #{ games: 100, agents: [\"random\"], seed: 1, options: #{} }) takes a map of settings".into())
        },
    );
}
