//! The functions a check script calls: games and their moves, traces, states and pictures, the
//! searches, random playouts, assertions; and the simulations of [`crate::experiment`].

use std::sync::atomic::Ordering;

use rhai::{Array, Dynamic, Engine, ImmutableString, Map, NativeCallContext};

use crate::engine::game::game::{split_moves, Position};
use crate::engine::rule::rules::board;
use crate::engine::script::primitives::{self as script};
use crate::search::solve::{self};

use crate::check::context::{
    check_stop, do_solve, ints, new_game, play_label, random_playout, script_err, ser, strs,
    to_json, trace_of, Context, RResult, Rng, ScriptGame,
};

/// `simulate(rule, #{ games, agents, seed, options, ... })` from [`crate::experiment`].
pub(super) fn register_sim(e: &mut Engine, c: &Context) {
    crate::experiment::register_sim_api_until(e, c.rules_dir.clone(), Some(c.deadline));
}

/// Registers the core check API (see the module documentation).
pub fn register_api(e: &mut Engine, c: &Context) {
    e.register_type_with_name::<ScriptGame>("Game");
    e.register_type_with_name::<Rng>("Rng");

    // ---- assertions ----
    let cc = c.clone();
    e.register_fn(
        "assert",
        move |ctx: NativeCallContext, cond: bool, msg: ImmutableString| -> RResult<()> {
            if cond {
                cc.passed.fetch_add(1, Ordering::Relaxed);
                Ok(())
            } else {
                Err(script_err(&ctx, format!("assertion failed: {msg}")))
            }
        },
    );
    let cc = c.clone();
    e.register_fn(
        "assert",
        move |ctx: NativeCallContext, cond: bool| -> RResult<()> {
            if cond {
                cc.passed.fetch_add(1, Ordering::Relaxed);
                Ok(())
            } else {
                Err(script_err(&ctx, "assertion failed"))
            }
        },
    );
    // assert_eq(a, b [, msg]): compares the values as Rhai shows them.
    fn check_eq(
        c: &Context,
        ctx: &NativeCallContext,
        a: &Dynamic,
        b: &Dynamic,
        msg: Option<&str>,
    ) -> RResult<()> {
        if format!("{a:?}") == format!("{b:?}") {
            c.passed.fetch_add(1, Ordering::Relaxed);
            return Ok(());
        }
        let what = msg.map(|m| format!(": {m}")).unwrap_or_default();
        Err(script_err(
            ctx,
            format!(
                "assertion failed{what}: {} != {}",
                script::show(a),
                script::show(b)
            ),
        ))
    }
    let cc = c.clone();
    e.register_fn(
        "assert_eq",
        move |ctx: NativeCallContext, a: Dynamic, b: Dynamic, msg: ImmutableString| {
            check_eq(&cc, &ctx, &a, &b, Some(&msg))
        },
    );
    let cc = c.clone();
    e.register_fn(
        "assert_eq",
        move |ctx: NativeCallContext, a: Dynamic, b: Dynamic| check_eq(&cc, &ctx, &a, &b, None),
    );

    // ---- games ----
    let cc = c.clone();
    e.register_fn("game", move |ctx: NativeCallContext, name: &str| {
        new_game(&ctx, &cc, name, &Map::new())
    });
    let cc = c.clone();
    e.register_fn(
        "game",
        move |ctx: NativeCallContext, name: &str, opts: Map| new_game(&ctx, &cc, name, &opts),
    );
    e.register_get("pits", |g: &mut ScriptGame| ints(g.game().state().pits));
    e.register_get("stores", |g: &mut ScriptGame| ints(g.game().state().stores));
    e.register_get("closed", |g: &mut ScriptGame| {
        ints(g.game().state().closed.into_iter().map(|c| c as i64))
    });
    e.register_get("penalties", |g: &mut ScriptGame| {
        ints(g.game().state().penalties)
    });
    e.register_get("to_move", |g: &mut ScriptGame| {
        g.game()
            .state()
            .to_move
            .map_or(Dynamic::UNIT, |p| Dynamic::from(p as i64))
    });
    e.register_get("over", |g: &mut ScriptGame| g.game().state().over);
    e.register_get("winner", |g: &mut ScriptGame| {
        g.game()
            .state()
            .winner
            .map_or(Dynamic::UNIT, |p| Dynamic::from(p as i64))
    });
    e.register_get("players", |g: &mut ScriptGame| {
        board(g.game().current()).players() as i64
    });
    e.register_get("rule", |g: &mut ScriptGame| g.game().rule.name.clone());
    e.register_get("vars", |g: &mut ScriptGame| {
        let b = board(g.game().current());
        b.layout
            .vars
            .iter()
            .zip(&b.vars)
            .map(|(k, &v)| (k.as_str().into(), Dynamic::from(v)))
            .collect::<Map>()
    });
    e.register_get("played", |g: &mut ScriptGame| strs(g.game().moves()));
    e.register_get("tracing", |g: &mut ScriptGame| g.game().tracing);
    e.register_set("tracing", |g: &mut ScriptGame, on: bool| {
        g.game_mut().tracing = on
    });
    e.register_fn(
        "moves",
        |ctx: NativeCallContext, g: &mut ScriptGame| -> RResult<Array> {
            g.game()
                .legal_labels()
                .map(strs)
                .map_err(|e| script_err(&ctx, e))
        },
    );
    e.register_fn(
        "play",
        |ctx: NativeCallContext, g: &mut ScriptGame, label: &str| play_label(&ctx, g, label),
    );
    e.register_fn(
        "play",
        |ctx: NativeCallContext, g: &mut ScriptGame, hole: i64| {
            play_label(&ctx, g, &hole.to_string())
        },
    );
    e.register_fn(
        "play_moves",
        |ctx: NativeCallContext, g: &mut ScriptGame, moves: &str| -> RResult<()> {
            g.game_mut()
                .play_all(&split_moves(moves))
                .map_err(|e| script_err(&ctx, e))
        },
    );
    e.register_fn("undo", |g: &mut ScriptGame| g.game_mut().undo());
    e.register_fn("redo", |g: &mut ScriptGame| g.game_mut().redo());
    e.register_fn("clone", |g: &mut ScriptGame| g.clone());
    e.register_fn("trace", |g: &mut ScriptGame| trace_of(g));
    e.register_fn("json", |g: &mut ScriptGame| {
        serde_json::to_string(&g.game().state()).unwrap_or_default()
    });
    e.register_fn("state", |g: &mut ScriptGame| ser(&g.game().state()));
    e.register_fn("picture", |g: &mut ScriptGame| {
        crate::render::picture(&g.game().board(), crate::render::Style::default())
    });
    e.register_fn("svg", |g: &mut ScriptGame| {
        crate::render::svg::game_svg(g.game())
    });
    e.register_fn("svg_trace", |g: &mut ScriptGame| {
        crate::render::svg::last_move_svg(g.game())
    });
    e.register_fn("to_string", |g: &mut ScriptGame| {
        serde_json::to_string(&g.game().state()).unwrap_or_default()
    });
    e.register_fn("to_debug", |g: &mut ScriptGame| {
        format!(
            "Game({}: {})",
            g.game().rule.name,
            serde_json::to_string(&g.game().state()).unwrap_or_default()
        )
    });
    e.register_fn(
        "set_position",
        |ctx: NativeCallContext, g: &mut ScriptGame, pos: Map| -> RResult<()> {
            let j = to_json(&Dynamic::from_map(pos));
            let pos: Position = serde_json::from_value(j).map_err(|e| {
                script_err(
                    &ctx,
                    format!("set_position: {}", crate::engine::rule::rules::one_line(&e)),
                )
            })?;
            let mut b = board(g.game().current()).clone();
            pos.apply_to(&mut b).map_err(|e| script_err(&ctx, e))?;
            b.trace = None;
            g.game_mut().start = Dynamic::from(b);
            g.game_mut().history.clear();
            g.game_mut().undone.clear();
            Ok(())
        },
    );

    // ---- searches ----
    let cc = c.clone();
    e.register_fn(
        "solve",
        move |ctx: NativeCallContext, g: &mut ScriptGame| do_solve(&ctx, &cc, g, &Map::new()),
    );
    let cc = c.clone();
    e.register_fn(
        "solve",
        move |ctx: NativeCallContext, g: &mut ScriptGame, o: Map| do_solve(&ctx, &cc, g, &o),
    );
    let cc = c.clone();
    e.register_fn(
        "count_positions",
        move |ctx: NativeCallContext, g: &mut ScriptGame| -> RResult<i64> {
            let r = solve::explore(&g.game().rule, g.game().current(), &cc.limits(), None)
                .map_err(|e| script_err(&ctx, e))?;
            check_stop(&ctx, &cc, r.stats.stopped)?;
            Ok(r.positions as i64)
        },
    );
    let cc = c.clone();
    e.register_fn(
        "value",
        move |ctx: NativeCallContext, g: &mut ScriptGame, depth: i64| -> RResult<Map> {
            if board(g.game().current()).players() != 2 {
                return Err(script_err(
                    &ctx,
                    "value(): for two-player games (use solve() for a solitaire)",
                ));
            }
            let depth = u16::try_from(depth.clamp(0, 1000)).unwrap_or(0);
            let r = solve::value(
                &g.game().rule,
                g.game().current(),
                depth,
                &cc.limits(),
                None,
            )
            .map_err(|e| script_err(&ctx, e))?;
            check_stop(&ctx, &cc, r.stats.stopped)?;
            Ok(ser(&r).try_cast::<Map>().unwrap_or_default())
        },
    );
    let cc = c.clone();
    let perft_counts =
        move |ctx: &NativeCallContext, g: &ScriptGame, depth: i64| -> RResult<Vec<u64>> {
            if !(0..=64).contains(&depth) {
                return Err(script_err(
                    ctx,
                    format!("perft: depth {depth} (use 0 to 64)"),
                ));
            }
            let r = solve::perft(
                &g.game().rule,
                g.game().current(),
                depth as usize,
                &cc.limits(),
                None,
            )
            .map_err(|e| script_err(ctx, e))?;
            check_stop(ctx, &cc, r.stats.stopped)?;
            Ok(r.counts)
        };
    let pc = perft_counts.clone();
    e.register_fn(
        "perft",
        move |ctx: NativeCallContext, g: &mut ScriptGame, depth: i64| -> RResult<i64> {
            Ok(*pc(&ctx, g, depth)?.last().unwrap_or(&0) as i64)
        },
    );
    e.register_fn(
        "perft_counts",
        move |ctx: NativeCallContext, g: &mut ScriptGame, depth: i64| -> RResult<Array> {
            Ok(ints(
                perft_counts(&ctx, g, depth)?.into_iter().map(|c| c as i64),
            ))
        },
    );

    // ---- randomness ----
    e.register_fn("rng", Rng::new);
    e.register_fn("next", |r: &mut Rng| (r.next_u64() >> 1) as i64);
    e.register_fn(
        "below",
        |ctx: NativeCallContext, r: &mut Rng, n: i64| -> RResult<i64> {
            if n <= 0 {
                return Err(script_err(
                    &ctx,
                    format!("below({n}): give a positive bound"),
                ));
            }
            Ok(r.below(n as u64) as i64)
        },
    );
    e.register_fn(
        "pick",
        |ctx: NativeCallContext, r: &mut Rng, a: Array| -> RResult<Dynamic> {
            if a.is_empty() {
                return Err(script_err(&ctx, "pick(): the array is empty"));
            }
            Ok(a[r.below(a.len() as u64) as usize].clone())
        },
    );
    let cc = c.clone();
    e.register_fn(
        "random_playout",
        move |ctx: NativeCallContext, g: &mut ScriptGame, seed: i64| {
            random_playout(&ctx, &cc, g, seed, 100_000)
        },
    );
    let cc = c.clone();
    e.register_fn(
        "random_playout",
        move |ctx: NativeCallContext, g: &mut ScriptGame, seed: i64, max_moves: i64| {
            random_playout(&ctx, &cc, g, seed, max_moves.max(0) as u64)
        },
    );
}
