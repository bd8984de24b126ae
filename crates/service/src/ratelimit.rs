//! The per-key, per-instance rate limit: a sliding-window counter over one minute.
//!
//! Each key has the count of the current fixed minute and of the one before; the estimate of
//! requests in the last 60 s is `previous × (1 − elapsed/60) + current`. A request is allowed
//! while the estimate is below the limit, so a key never gets more than `limit` requests in
//! its first minute and about `limit` in any later 60-second window, without the double burst
//! a fixed window allows at its edge. State is a few words per key, in sharded maps; keys
//! idle for two minutes are dropped.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use redact_billing::KeyHash;

const SHARDS: usize = 16;
const WINDOW_MS: u64 = 60_000;

#[derive(Clone, Copy)]
struct Window {
    /// Index of the current minute (ms since start / 60 000).
    minute: u64,
    current: u32,
    previous: u32,
}

/// Allows at most `limit` requests a minute per key.
pub struct RateLimiter {
    limit: u32,
    start: Instant,
    shards: Vec<Mutex<HashMap<[u8; 32], Window>>>,
}

impl RateLimiter {
    /// A limiter allowing `limit` requests a minute per key (at least 1).
    pub fn new(limit: u32) -> RateLimiter {
        RateLimiter {
            limit: limit.max(1),
            start: Instant::now(),
            shards: (0..SHARDS).map(|_| Mutex::new(HashMap::new())).collect(),
        }
    }

    /// The limit.
    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// Counts a request for `key` now: `Ok(())` if allowed, else `Err(seconds to wait)`.
    pub fn check(&self, key: &KeyHash) -> Result<(), u64> {
        let now = self.start.elapsed().as_millis() as u64;
        self.check_at(key, now)
    }

    fn check_at(&self, key: &KeyHash, now_ms: u64) -> Result<(), u64> {
        let shard = &self.shards[usize::from(key.0[0]) % SHARDS];
        let mut map = shard.lock().unwrap_or_else(|p| p.into_inner());
        let minute = now_ms / WINDOW_MS;
        if map.len() > 4096 && !map.contains_key(&key.0) {
            map.retain(|_, w| w.minute + 1 >= minute);
        }
        let w = map.entry(key.0).or_insert(Window {
            minute,
            current: 0,
            previous: 0,
        });
        if w.minute != minute {
            w.previous = if w.minute + 1 == minute { w.current } else { 0 };
            w.current = 0;
            w.minute = minute;
        }
        let elapsed = now_ms % WINDOW_MS;
        let limit = f64::from(self.limit);
        let estimate = |prev: u32, cur: u32, elapsed: u64| {
            f64::from(prev) * (1.0 - elapsed as f64 / WINDOW_MS as f64) + f64::from(cur)
        };
        if estimate(w.previous, w.current, elapsed) < limit {
            w.current += 1;
            return Ok(());
        }
        // When will the estimate drop below the limit (with one more request counted)?
        let wait_ms = if w.current < self.limit {
            // Within this minute, as the previous minute's weight fades.
            let need = 1.0 - (limit - f64::from(w.current)) / f64::from(w.previous).max(1.0);
            ((need * WINDOW_MS as f64).ceil() as u64 + 1).saturating_sub(elapsed)
        } else {
            // In the next minute, as this minute's weight fades.
            let need = 1.0 - limit / f64::from(w.current);
            (WINDOW_MS - elapsed) + (need * WINDOW_MS as f64).ceil() as u64 + 1
        };
        Err(wait_ms.div_ceil(1000).max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(b: u8) -> KeyHash {
        KeyHash([b; 32])
    }

    #[test]
    fn allows_the_limit_then_refuses_with_a_wait() {
        let l = RateLimiter::new(60);
        for i in 0..60 {
            assert!(l.check_at(&key(1), 1_000 + i).is_ok(), "request {i}");
        }
        let wait = l.check_at(&key(1), 1_100).unwrap_err();
        assert!((1..=120).contains(&wait), "{wait}");
        // Another key is unaffected.
        assert!(l.check_at(&key(2), 1_100).is_ok());
    }

    #[test]
    fn the_retry_after_is_honest() {
        let l = RateLimiter::new(60);
        for i in 0..60 {
            l.check_at(&key(3), 30_000 + i).unwrap();
        }
        let wait = l.check_at(&key(3), 30_100).unwrap_err();
        // Still refused a second before the promised time, allowed at it.
        let at = 30_100 + wait * 1000;
        assert!(l.check_at(&key(3), at - 1_500).is_err());
        assert!(l.check_at(&key(3), at).is_ok());
    }

    #[test]
    fn no_window_of_a_minute_sees_twice_the_limit() {
        let l = RateLimiter::new(10);
        let mut allowed = Vec::new();
        for t in (0..300_000u64).step_by(250) {
            if l.check_at(&key(4), t).is_ok() {
                allowed.push(t);
            }
        }
        for (i, &t) in allowed.iter().enumerate() {
            let in_window = allowed[i..]
                .iter()
                .take_while(|&&u| u < t + WINDOW_MS)
                .count();
            assert!(
                in_window <= 11,
                "{in_window} requests in the minute from {t} ms"
            );
        }
        // And the long-run rate is the limit.
        assert!((45..=55).contains(&allowed.len()), "{}", allowed.len());
    }
}
