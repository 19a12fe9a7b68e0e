//! The games of a run, one record per game (`simulate --games-out FILE.jsonl`): where a
//! [`GameSink`] receives them, and [`JsonLines`], which writes them as JSON lines in game order
//! whatever thread finished them first, into a [`GamesFile`] (the safe writer: the file is put
//! in place only when the run is over; a failed run leaves the previous file as it was, and a
//! named pipe or a device there is refused before the run starts, never opened).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use crate::engine::base::files::SafeFile;
use crate::error::{Error, Result};
use crate::experiment::game::GameResult;
use crate::search::agent::Agent;

/// One game of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's index in the run (0-based): it is replayed by the same seed and index.
    pub index: u64,
    /// The seed of the game's generator (from the run's seed and the index).
    pub seed: u64,
    /// The agent of each player (seat), in seat order.
    pub agents: Vec<String>,
    /// The moves, in the public notation.
    pub moves: Vec<String>,
    /// The winner (1-based); `null` for a draw, a lost solitaire or a game cut by the move cap.
    pub winner: Option<usize>,
    /// Moves played.
    pub length: u64,
    /// Whether the driver's move cap cut the game.
    pub capped: bool,
    /// Each player's material at the end (seeds in owned stores plus reserve).
    pub captures: Vec<i64>,
}

impl GameRecord {
    pub(crate) fn new(index: u64, seed: u64, agents: &[Agent], r: &GameResult) -> GameRecord {
        GameRecord {
            index,
            seed,
            agents: agents.iter().map(|a| a.to_string()).collect(),
            moves: r.labels.clone(),
            winner: (r.winner > 0).then_some(r.winner),
            length: r.moves,
            capped: r.capped,
            captures: r.material.clone(),
        }
    }
}

/// Receives every game of a run as it finishes (from any thread, in any order).
pub trait GameSink: Send + Sync {
    /// One game; an error stops the run.
    fn game(&self, g: GameRecord) -> Result<()>;
    /// The run is over: write out what is left.
    fn finish(&self) -> Result<()>;
}

/// Writes games as JSON lines in index order, holding back those that finish early.
pub struct JsonLines {
    state: Mutex<Lines>,
}

struct Lines {
    next: u64,
    waiting: BTreeMap<u64, String>,
    out: Box<dyn Write + Send>,
}

impl JsonLines {
    /// Writes to `out`, starting at game `first` (the first game of the part played).
    pub fn new(out: Box<dyn Write + Send>, first: u64) -> JsonLines {
        JsonLines {
            state: Mutex::new(Lines {
                next: first,
                waiting: BTreeMap::new(),
                out,
            }),
        }
    }
}

fn io(e: std::io::Error) -> Error {
    Error::msg(format!("--games-out: {e}"))
}

impl GameSink for JsonLines {
    fn game(&self, g: GameRecord) -> Result<()> {
        let mut line = serde_json::to_string(&g).map_err(|e| Error::msg(e.to_string()))?;
        line.push('\n');
        let mut st = self.state.lock().unwrap_or_else(|p| p.into_inner());
        st.waiting.insert(g.index, line);
        loop {
            let next = st.next;
            let Some(l) = st.waiting.remove(&next) else {
                break;
            };
            st.out.write_all(l.as_bytes()).map_err(io)?;
            st.next += 1;
        }
        Ok(())
    }

    fn finish(&self) -> Result<()> {
        let mut st = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let rest = std::mem::take(&mut st.waiting);
        for l in rest.values() {
            st.out.write_all(l.as_bytes()).map_err(io)?;
        }
        st.out.flush().map_err(io)
    }
}

/// A games file being written through the safe writer, shared by the sink that writes it (a
/// clone in [`JsonLines`]) and the command that commits it when the run is over.
#[derive(Clone)]
pub struct GamesFile(Arc<Mutex<Option<std::io::BufWriter<SafeFile>>>>);

impl GamesFile {
    /// Starts the games file `path` (nothing replaces it before [`GamesFile::commit`]).
    pub fn create(path: &Path) -> Result<GamesFile> {
        let f = SafeFile::create(path, "write the games to")?;
        Ok(GamesFile(Arc::new(Mutex::new(Some(
            std::io::BufWriter::new(f),
        )))))
    }

    /// Puts the file in place with every game written so far. Dropped without it (the run
    /// failed), the previous file stays as it was.
    pub fn commit(&self) -> Result<()> {
        let taken = self.0.lock().unwrap_or_else(|p| p.into_inner()).take();
        let Some(w) = taken else {
            return Err(Error::msg(
                "--games-out: the games file was already written",
            ));
        };
        let f = w
            .into_inner()
            .map_err(|e| Error::msg(format!("--games-out: {}", e.error())))?;
        f.commit()
    }
}

impl Write for GamesFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.0.lock().unwrap_or_else(|p| p.into_inner()).as_mut() {
            Some(w) => w.write(buf),
            None => Err(std::io::Error::other("the games file is closed")),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self.0.lock().unwrap_or_else(|p| p.into_inner()).as_mut() {
            Some(w) => w.flush(),
            None => Ok(()),
        }
    }
}
