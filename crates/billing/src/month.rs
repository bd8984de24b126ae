//! Calendar months in UTC.

use std::time::{SystemTime, UNIX_EPOCH};

/// A calendar month in UTC, as `year * 100 + month` (for example 202611).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Month(pub i32);

impl Month {
    /// The month now.
    pub fn now() -> Month {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0);
        Month::from_unix(secs)
    }

    /// The month a Unix time falls in.
    pub fn from_unix(secs: i64) -> Month {
        // Howard Hinnant's civil_from_days.
        let z = secs.div_euclid(86_400) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let m = if mp < 10 { mp + 3 } else { mp - 9 };
        let y = yoe + era * 400 + i64::from(m <= 2);
        Month((y * 100 + m) as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::Month;

    #[test]
    fn months_of_known_dates() {
        assert_eq!(Month::from_unix(0), Month(197001));
        // 2026-11-30T23:59:59Z and the next second.
        assert_eq!(Month::from_unix(1_796_083_199), Month(202611));
        assert_eq!(Month::from_unix(1_796_083_200), Month(202612));
        // 2024-02-29T12:00:00Z (leap day).
        assert_eq!(Month::from_unix(1_709_208_000), Month(202402));
    }
}
