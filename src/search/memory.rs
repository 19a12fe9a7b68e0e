//! The memory of the large arrays a search reads at random (the transposition table, the
//! tablebase's layers): asked for in huge pages, so that a read misses the address cache
//! (TLB) far less often, and read ahead of its use, so that a search that knows the table slots
//! and tablebase values of all of a node's children before it reads the first one has their
//! misses overlap instead of coming one after the other. Both are hints: what the program
//! computes is the same without them.

/// Asks for the cache line holding `r` (no effect on a target without the instruction).
#[inline(always)]
pub fn prefetch<T>(r: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch is a hint that never faults nor reads into the program; the
        // pointer comes from a reference in any case.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(r as *const T as *const i8) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = r;
}

/// Bytes of a huge page (x86-64 and most 64-bit ARM Linux systems).
const HUGE: usize = 2 << 20;

/// Asks the system to back the memory of `items` (or of a vector's spare capacity: call it
/// before the pages are first written, when they are taken) with huge pages where it can: on
/// Linux, the whole huge pages inside it (`madvise(MADV_HUGEPAGE)`); nothing elsewhere, or for
/// less than a huge page.
pub fn huge_pages<T>(items: &[T]) {
    let bytes = std::mem::size_of_val(items);
    if bytes < HUGE {
        return;
    }
    #[cfg(target_os = "linux")]
    {
        let start = items.as_ptr() as usize;
        let (from, to) = (start.next_multiple_of(HUGE), (start + bytes) / HUGE * HUGE);
        if to > from {
            // SAFETY: the range lies inside memory this process owns (the slice's), and
            // MADV_HUGEPAGE changes how its pages are backed, never their contents.
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
}

/// [`huge_pages`] of the capacity `v` has beyond its length (what it is about to be filled
/// with).
pub fn huge_spare<T>(v: &mut Vec<T>) {
    huge_pages(v.spare_capacity_mut());
}
