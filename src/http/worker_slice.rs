//! The short time slice the threads answering HTTP ask the kernel for.
//!
//! The workers wake often and run briefly. On a CPU shared with threads that never sleep (the
//! compute pool's, a neighbour's, a load generator's), a worker that wakes with the normal slice
//! waits for those to finish theirs, several milliseconds on a busy machine, and every refusal
//! and probe it holds waits with it. Linux's EEVDF scheduler (6.12 and later) lets a thread ask
//! for a shorter slice: it is then run soon after it wakes, for less at a time. Its share of the
//! CPU stays the same (`docs/decisions/0051-workers-ask-for-a-short-slice.md`).

use std::time::Duration;

/// The time slice each HTTP worker asks for (the kernel's smallest; its default is a few
/// milliseconds).
pub const WORKER_SLICE: Duration = Duration::from_micros(100);

/// Asks the kernel for [`WORKER_SLICE`] on the calling thread: its scheduling attributes as they
/// are (its policy and nice value, as the operator set them), with `sched_runtime` set
/// (`sched_setattr`). Best effort: a kernel before custom slices ignores the request or refuses
/// it, and nothing changes.
pub fn ask() {
    #[cfg(target_os = "linux")]
    if let Some(mut attr) = attributes(0) {
        attr.sched_runtime = WORKER_SLICE.as_nanos() as u64;
        // SAFETY: sched_setattr on the calling thread (id 0), with an attribute owned here that
        // states its own size, only changes that thread's scheduling.
        unsafe { libc::syscall(libc::SYS_sched_setattr, 0, &raw const attr, 0u32) };
    }
}

/// A thread's scheduling attributes (`sched_getattr`; `tid` 0 for the calling thread), or `None`
/// where the kernel does not give them.
#[cfg(target_os = "linux")]
fn attributes(tid: libc::pid_t) -> Option<libc::sched_attr> {
    let size = std::mem::size_of::<libc::sched_attr>() as u32;
    // SAFETY: a zeroed sched_attr is valid, and sched_getattr writes at most `size` bytes into it.
    unsafe {
        let mut attr: libc::sched_attr = std::mem::zeroed();
        let done = libc::syscall(libc::SYS_sched_getattr, tid, &raw mut attr, size, 0u32) == 0;
        attr.size = size;
        done.then_some(attr)
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// The slice the kernel holds for a thread (`sched_getattr`'s `sched_runtime`), in ns.
    fn slice_of(tid: libc::pid_t) -> u64 {
        attributes(tid).expect("the kernel gives a thread's attributes").sched_runtime
    }

    /// Whether this kernel keeps a normal thread's own slice (EEVDF's custom slices, Linux 6.12).
    fn kernel_has_custom_slices() -> bool {
        let release = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
        let mut parts = release.trim().split(|c: char| !c.is_ascii_digit()).filter_map(|p| p.parse::<u32>().ok());
        (parts.next().unwrap_or(0), parts.next().unwrap_or(0)) >= (6, 12)
    }

    #[test]
    fn the_slice_keeps_the_threads_policy_and_nice_value() {
        let (policy, nice) = std::thread::spawn(|| {
            // SAFETY: setpriority and sched_setscheduler on this thread only; a higher nice value
            // and SCHED_BATCH need no privilege.
            unsafe {
                let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
                assert_eq!(libc::setpriority(libc::PRIO_PROCESS, tid, 5), 0);
                let param = libc::sched_param { sched_priority: 0 };
                assert_eq!(libc::sched_setscheduler(tid as libc::pid_t, libc::SCHED_BATCH, &param), 0);
            }
            ask();
            let attr = attributes(0).expect("the kernel gives a thread's attributes");
            (attr.sched_policy, attr.sched_nice)
        })
        .join()
        .unwrap();
        assert_eq!((policy, nice), (libc::SCHED_BATCH as u32, 5));
    }

    #[test]
    fn a_worker_thread_holds_the_short_slice_and_its_neighbours_do_not() {
        let asked = std::thread::spawn(|| {
            ask();
            // SAFETY: gettid has no preconditions.
            slice_of(unsafe { libc::syscall(libc::SYS_gettid) } as libc::pid_t)
        });
        let other = std::thread::spawn(|| slice_of(unsafe { libc::syscall(libc::SYS_gettid) } as libc::pid_t));
        let (asked, other) = (asked.join().unwrap(), other.join().unwrap());
        if kernel_has_custom_slices() {
            assert_eq!(asked, WORKER_SLICE.as_nanos() as u64);
            assert_ne!(other, asked);
        } else {
            assert!(asked == 0 || asked == WORKER_SLICE.as_nanos() as u64, "{asked}");
        }
    }
}
