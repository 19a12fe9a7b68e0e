//! The playground's moves: play, undo and redo, go to a move of the history, back to the game
//! before a reload, and the frames of a move's trace.

use serde_json::json;

use crate::engine::rule::rules::board;
use crate::render::svg::{lap_frames, trace_svg, SvgOptions};
use crate::web::api::{Playground, Req};
use crate::web::error::{bad, ApiError, Reply};
use crate::web::session::lock;
use crate::web::view::view;

/// The most events of a move one `frame` answer draws (about 150 bytes of SVG each).
pub const MAX_FRAME_EVENTS: usize = crate::render::svg::MAX_PICTURE_EVENTS;

impl Playground {
    pub(super) fn play(&self, req: &Req) -> Reply {
        let mv = req.mv.clone().ok_or_else(|| {
            ApiError::new(400, "`play` needs a `move` (a hole label, e.g. \"3\")")
        })?;
        self.with(req, |cfg, mut s| {
            if s.game.history.len() >= cfg.max_moves {
                return Err(ApiError::new(
                    422,
                    format!("the session holds {} moves, the most it may", cfg.max_moves),
                ));
            }
            let ply = s.game.play(&mv).map_err(bad)?;
            let msg = format!("played {}", ply.label);
            Ok((json!({ "message": msg }), s))
        })
    }

    pub(super) fn undo_redo(&self, route: &str, req: &Req) -> Reply {
        let n = req.n.unwrap_or(1);
        self.with(req, |_, mut s| {
            let (have, what) = if route == "undo" {
                (s.game.history.len(), "moves to undo")
            } else {
                (s.game.undone.len(), "undone moves to redo")
            };
            if n == 0 || n > have {
                return Err(ApiError::new(
                    422,
                    format!("cannot {route} {n}: there are {have} {what}"),
                ));
            }
            for _ in 0..n {
                if route == "undo" {
                    s.game.undo();
                } else {
                    s.game.redo();
                }
            }
            Ok((json!({ "message": format!("{route} {n}") }), s))
        })
    }

    pub(super) fn goto(&self, req: &Req) -> Reply {
        let n = req
            .n
            .ok_or_else(|| ApiError::new(400, "`goto` needs `n`, a move number (0 = the start)"))?;
        self.with(req, |_, mut s| {
            let (h, u) = (s.game.history.len(), s.game.undone.len());
            if n > h + u {
                return Err(ApiError::new(
                    422,
                    format!("no move {n}: the game has {} moves", h + u),
                ));
            }
            while s.game.history.len() > n {
                s.game.undo();
            }
            while s.game.history.len() < n {
                s.game.redo();
            }
            Ok((json!({ "message": format!("at move {n}") }), s))
        })
    }

    /// Returns to the game the last reload replaced.
    pub(super) fn back(&self, req: &Req) -> Reply {
        let (id, cell) = self.session(req)?;
        let mut s = lock(&cell);
        let Some((spec, game)) = s.previous.take() else {
            return Err(ApiError::new(
                422,
                "no previous game: `back` undoes a reload",
            ));
        };
        let spec = std::mem::replace(&mut s.spec, spec);
        let game = std::mem::replace(&mut s.game, game);
        s.previous = Some((spec, game));
        s.version += 1;
        Ok(view(&id, &s, "back to the game before the reload".into()))
    }

    /// The picture of move `n` (1-based; default the last) after `lap` of its laps.
    pub(super) fn frame(&self, req: &Req) -> Reply {
        let (n, lap) = (req.n, req.lap);
        self.with(req, |_, s| {
            let h = &s.game.history;
            let n = n.unwrap_or(h.len());
            if n == 0 || n > h.len() {
                return Err(ApiError::new(
                    422,
                    format!("no move {n} to show: {} played", h.len()),
                ));
            }
            let ply = &h[n - 1];
            let frames = lap_frames(&ply.events);
            let laps = frames.len() - 1;
            let k = lap.unwrap_or(laps);
            if k > laps {
                return Err(ApiError::new(
                    422,
                    format!("move {n} has {laps} laps, not {k}"),
                ));
            }
            // The picture draws every event up to the lap shown: a bound on them bounds the
            // answer (a move of a million seeds would be an answer of hundreds of MB).
            if frames[k] > MAX_FRAME_EVENTS {
                return Err(ApiError::new(
                    422,
                    format!(
                        "move {n} up to lap {k} is {} sowing events, more than the playground draws ({MAX_FRAME_EVENTS}): show an earlier lap, or replay it in the REPL (`step`)",
                        frames[k]
                    ),
                ));
            }
            let title = format!(
                "move {n}: {} by player {} — lap {k} of {laps}",
                ply.label, ply.player
            );
            let svg = trace_svg(
                board(&ply.before).clone(),
                Some(&board(&ply.after)),
                &ply.events,
                Some(k),
                &SvgOptions {
                    legal: Vec::new(),
                    title: Some(title),
                },
            );
            let v = json!({ "frame": { "n": n, "lap": k, "laps": laps, "svg": svg } });
            Ok((v, s))
        })
    }
}
