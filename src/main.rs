//! The `sowlab` command: everything lives in the library; this only runs it and sets the exit code.

fn main() {
    std::process::exit(sowlab::cli::main());
}
