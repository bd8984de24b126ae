//! What the crates that work on two threads share: the machine's cores, and a scoped
//! thread's result with its panic passed on.

use std::sync::OnceLock;

/// The cores of the machine, at least one (asked once: the answer reads the cgroup's files).
pub fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The result of a scoped thread; its panic goes on in this thread.
pub fn joined<T>(handle: std::thread::ScopedJoinHandle<'_, T>) -> T {
    handle
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_threads_result_comes_back_and_its_panic_goes_on() {
        assert!(cores() >= 1);
        assert_eq!(std::thread::scope(|s| joined(s.spawn(|| 7))), 7);
        let caught = std::panic::catch_unwind(|| {
            std::thread::scope(|s| joined(s.spawn(|| -> u8 { panic!("in the thread") })))
        });
        let message = caught.expect_err("the panic goes on");
        assert_eq!(message.downcast_ref::<&str>(), Some(&"in the thread"));
    }
}
