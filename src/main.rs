//! The `sowlab` command: everything lives in the library; this only runs it and sets the exit code.

/// Counts each thread's allocations, so a script call that fills memory is stopped at its limit.
#[global_allocator]
static ALLOC: sowlab::engine::base::limits::CountingAlloc =
    sowlab::engine::base::limits::CountingAlloc;

fn main() {
    std::process::exit(sowlab::cli::main());
}
