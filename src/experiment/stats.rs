//! Statistics for simulations: streaming summaries of integer samples (exact, so they do not
//! depend on the order games finish in), Wilson intervals, and the two tests `compare` uses
//! (two-proportion z-test, Welch's t-test). The special functions behind the p-values come from
//! `statrs`.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use statrs::distribution::{ContinuousCDF, Normal};
use statrs::function::{beta, erf};

/// z for a two-sided 95% interval (a constant so that reports do not depend on the last bit of a
/// quantile routine; a test holds it to [`two_sided_z`]`(0.95)`).
pub const Z95: f64 = 1.959_963_984_540_054;

/// A streaming summary of non-negative integer samples: count, exact sums, maximum and a histogram
/// of the values (for the exact median). Memory grows with the number of distinct values only.
/// It is written (JSON) as its histogram, `[[value, count], ...]` in increasing value, from which
/// everything else follows: the exact median and sums of a merged run need the whole of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Number of samples.
    pub n: u64,
    /// Sum of the samples.
    pub sum: u128,
    /// Sum of their squares.
    pub sum_sq: u128,
    /// Largest sample (0 when empty).
    pub max: u64,
    hist: BTreeMap<u64, u64>,
}

impl Summary {
    /// Adds a sample.
    pub fn add(&mut self, x: u64) {
        self.n += 1;
        self.sum += x as u128;
        self.sum_sq += (x as u128) * (x as u128);
        self.max = self.max.max(x);
        *self.hist.entry(x).or_default() += 1;
    }

    /// Adds `count` samples of the value `x`.
    pub fn add_n(&mut self, x: u64, count: u64) {
        if count == 0 {
            return;
        }
        self.n += count;
        self.sum += x as u128 * count as u128;
        self.sum_sq += (x as u128) * (x as u128) * count as u128;
        self.max = self.max.max(x);
        *self.hist.entry(x).or_default() += count;
    }

    /// Whether `count` more samples of `x` fit in the count and the exact sums.
    pub fn fits(&self, x: u64, count: u64) -> bool {
        let x = x as u128;
        self.n.checked_add(count).is_some()
            && x.checked_mul(count as u128)
                .and_then(|a| self.sum.checked_add(a))
                .is_some()
            && x.checked_mul(x)
                .and_then(|sq| sq.checked_mul(count as u128))
                .and_then(|a| self.sum_sq.checked_add(a))
                .is_some()
    }

    /// Whether every sample of `o` fits in this summary's count and sums ([`Summary::merge`]
    /// would not overflow).
    pub fn fits_all(&self, o: &Summary) -> bool {
        self.n.checked_add(o.n).is_some()
            && self.sum.checked_add(o.sum).is_some()
            && self.sum_sq.checked_add(o.sum_sq).is_some()
    }

    /// The histogram: `(value, count)` in increasing value.
    pub fn histogram(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.hist.iter().map(|(&v, &c)| (v, c))
    }

    /// Adds every sample of another summary.
    pub fn merge(&mut self, o: &Summary) {
        self.n += o.n;
        self.sum += o.sum;
        self.sum_sq += o.sum_sq;
        self.max = self.max.max(o.max);
        for (&k, &c) in &o.hist {
            *self.hist.entry(k).or_default() += c;
        }
    }

    /// The mean (0 when empty).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum as f64 / self.n as f64
        }
    }

    /// The sample variance (n − 1 in the denominator; 0 with fewer than two samples).
    pub fn variance(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let n = self.n as f64;
        // Exact integer numerator: n·Σx² − (Σx)².
        let num = (self.n as u128) * self.sum_sq - self.sum * self.sum;
        num as f64 / (n * (n - 1.0))
    }

    /// The median (the mean of the two middle samples for an even count; 0 when empty).
    pub fn median(&self) -> f64 {
        if self.n == 0 {
            return 0.0;
        }
        let lo_rank = (self.n - 1) / 2;
        let hi_rank = self.n / 2;
        let (mut lo, mut hi) = (None, None);
        let mut seen = 0u64;
        for (&v, &c) in &self.hist {
            let next = seen + c;
            if lo.is_none() && lo_rank < next {
                lo = Some(v);
            }
            if hi_rank < next {
                hi = Some(v);
                break;
            }
            seen = next;
        }
        (lo.unwrap_or(0) as f64 + hi.unwrap_or(0) as f64) / 2.0
    }

    /// Mean, median, max and standard deviation, for output.
    pub fn view(&self) -> SummaryView {
        SummaryView {
            mean: round4(self.mean()),
            median: self.median(),
            max: self.max,
            sd: round4(self.variance().sqrt()),
        }
    }
}

impl Serialize for Summary {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_seq(self.hist.iter().map(|(&v, &c)| [v, c]))
    }
}

impl<'de> Deserialize<'de> for Summary {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let pairs = Vec::<[u64; 2]>::deserialize(d)?;
        let mut s = Summary::default();
        for [v, c] in pairs {
            // A histogram read from a file may claim anything: sums that do not fit are refused.
            if !s.fits(v, c) {
                return Err(serde::de::Error::custom(format!(
                    "a histogram's counts overflow its sums (value {v} counted {c} times)"
                )));
            }
            s.add_n(v, c);
        }
        Ok(s)
    }
}

/// A summary as printed: mean, median, max, standard deviation.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SummaryView {
    /// Mean.
    pub mean: f64,
    /// Median.
    pub median: f64,
    /// Largest value.
    pub max: u64,
    /// Sample standard deviation.
    pub sd: f64,
}

/// Rounds to 4 decimals (output is stable and readable).
pub fn round4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

/// The Wilson score interval of a proportion `k / n` at the given z (`(0, 1)` when `n` is 0).
pub fn wilson(k: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = k as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The standard normal cumulative distribution function Φ (statrs).
pub fn normal_cdf(x: f64) -> f64 {
    Normal::standard().cdf(x)
}

/// The z of a two-sided interval at the given confidence (0.95 gives [`Z95`]): the standard normal
/// quantile Φ⁻¹(1 − (1 − confidence)/2) (statrs). `None` unless 0 < confidence < 1.
pub fn two_sided_z(confidence: f64) -> Option<f64> {
    (confidence > 0.0 && confidence < 1.0)
        .then(|| Normal::standard().inverse_cdf(1.0 - (1.0 - confidence) / 2.0))
}

/// Two-sided p-value of a standard normal statistic: P(|Z| ≥ |z|) = erfc(|z|/√2). Computed from
/// the complementary error function, not as 2(1 − Φ(|z|)), which loses every digit past z ≈ 5
/// and is exactly 0 beyond z ≈ 8.3.
pub fn normal_two_sided(z: f64) -> f64 {
    if z.is_nan() {
        return f64::NAN;
    }
    erf::erfc(z.abs() / std::f64::consts::SQRT_2).clamp(0.0, 1.0)
}

/// The result of a two-sample test.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Test {
    /// The test statistic (z or t).
    pub stat: f64,
    /// Two-sided p-value.
    pub p: f64,
}

/// Two-proportion z-test (pooled) of `k1/n1` against `k2/n2`. Identical proportions (or no data)
/// give z = 0, p = 1.
pub fn two_proportion(k1: u64, n1: u64, k2: u64, n2: u64) -> Test {
    if n1 == 0 || n2 == 0 {
        return Test { stat: 0.0, p: 1.0 };
    }
    let (a, b) = (n1 as f64, n2 as f64);
    let (p1, p2) = (k1 as f64 / a, k2 as f64 / b);
    let pool = (k1 + k2) as f64 / (a + b);
    let se = (pool * (1.0 - pool) * (1.0 / a + 1.0 / b)).sqrt();
    if se == 0.0 {
        return Test { stat: 0.0, p: 1.0 };
    }
    let z = (p1 - p2) / se;
    Test {
        stat: z,
        p: normal_two_sided(z),
    }
}

/// Welch's t-test of two means. Two samples without spread give p = 1 when the means agree and
/// p = 0 when they differ.
pub fn welch(a: &Summary, b: &Summary) -> Test {
    if a.n < 2 || b.n < 2 {
        return Test { stat: 0.0, p: 1.0 };
    }
    let (va, vb) = (a.variance() / a.n as f64, b.variance() / b.n as f64);
    let diff = a.mean() - b.mean();
    let se2 = va + vb;
    if se2 == 0.0 {
        return if diff == 0.0 {
            Test { stat: 0.0, p: 1.0 }
        } else {
            Test {
                stat: diff.signum() * f64::INFINITY,
                p: 0.0,
            }
        };
    }
    let t = diff / se2.sqrt();
    let df = se2 * se2 / (va * va / (a.n as f64 - 1.0) + vb * vb / (b.n as f64 - 1.0));
    Test {
        stat: t,
        p: student_two_sided(t, df),
    }
}

/// Two-sided p-value of Student's t with `df` degrees of freedom: I_{df/(df+t²)}(df/2, 1/2), the
/// regularised incomplete beta function (statrs), which keeps its digits in the far tail. NaN
/// when `df` is not positive or `t` is NaN.
pub fn student_two_sided(t: f64, df: f64) -> f64 {
    let x = df / (df + t * t);
    beta::checked_beta_reg(df / 2.0, 0.5, x).map_or(f64::NAN, |p| p.clamp(0.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn summary_mean_median_variance() {
        let mut s = Summary::default();
        for x in [5, 1, 3, 3, 10] {
            s.add(x);
        }
        assert_eq!(s.median(), 3.0);
        assert_eq!(s.max, 10);
        assert!(close(s.mean(), 4.4, 1e-12));
        // Σ(x−4.4)² = 0.36+11.56+1.96+1.96+31.36 = 47.2 → /4
        assert!(close(s.variance(), 11.8, 1e-12));
        let mut t = Summary::default();
        t.add(4);
        s.merge(&t);
        assert_eq!(s.median(), 3.5);
        assert_eq!(Summary::default().median(), 0.0);
        // Written as its histogram, read back whole.
        let j = serde_json::to_string(&s).unwrap();
        assert_eq!(j, "[[1,1],[3,2],[4,1],[5,1],[10,1]]");
        let back: Summary = serde_json::from_str(&j).unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn wilson_known_values() {
        // 0 of 10: upper bound z²/(n+z²) = 3.8415/13.8415.
        let (lo, hi) = wilson(0, 10, Z95);
        assert_eq!(lo, 0.0);
        assert!(close(hi, 0.27753, 1e-4), "{hi}");
        // 50 of 100: 0.5 ± ~0.0962 → (0.4038, 0.5962).
        let (lo, hi) = wilson(50, 100, Z95);
        assert!(
            close(lo, 0.40383, 1e-4) && close(hi, 0.59617, 1e-4),
            "{lo} {hi}"
        );
    }

    #[test]
    fn normal_and_t_tails() {
        assert!(close(normal_cdf(1.959_964), 0.975, 1e-6));
        assert_eq!(normal_cdf(0.0), 0.5);
        assert!(close(normal_cdf(-3.0), 0.001_349_898_031_630_1, 1e-12));
        // t = 2.228 with 10 df is the two-sided 5% point.
        assert!(close(student_two_sided(2.228_139, 10.0), 0.05, 1e-5));
        // 1 df (Cauchy): P(|T| > 1) = 0.5.
        assert!(close(student_two_sided(1.0, 1.0), 0.5, 1e-9));
    }

    #[test]
    fn tests_on_clear_and_null_cases() {
        let t = two_proportion(60, 100, 60, 100);
        assert_eq!((t.stat, t.p), (0.0, 1.0));
        // 60/100 vs 40/100: pooled 0.5, se = sqrt(0.25·0.02) = 0.0707 → z = 2.828, p = 0.00468.
        let t = two_proportion(60, 100, 40, 100);
        assert!(
            close(t.stat, 2.828_427, 1e-5) && close(t.p, 0.004_678, 1e-5),
            "{t:?}"
        );
        let mut a = Summary::default();
        let mut b = Summary::default();
        for x in [1, 2, 3, 4, 5] {
            a.add(x);
            b.add(x + 10);
        }
        let w = welch(&a, &b);
        // t = −10 / sqrt(2.5/5 + 2.5/5) = −10, df = 8.
        assert!(close(w.stat, -10.0, 1e-9) && w.p < 1e-5, "{w:?}");
        assert_eq!(welch(&a, &a).p, 1.0);
    }

    /// Relative closeness, for tails that span hundreds of orders of magnitude.
    fn rel_close(a: f64, b: f64, rel: f64) -> bool {
        ((a - b) / b).abs() < rel
    }

    #[test]
    fn two_sided_normal_p_keeps_its_digits_in_the_far_tail() {
        // erfc(z/√2) to 30 digits (mpmath).
        for (z, p) in [
            (1.959_963_984_540_054, 0.05),
            (5.0, 5.733_031_437_583_878e-7),
            (6.0, 1.973_175_290_075_396e-9),
            (8.3, 1.041_113_948_978_051e-16),
            (10.0, 1.523_970_604_832_105e-23),
            (20.0, 5.507_248_237_212_467e-89),
            (37.5, 9.210_706_019_163_91e-308),
        ] {
            let got = normal_two_sided(z);
            assert!(rel_close(got, p, 1e-9), "z = {z}: {got} vs {p}");
            assert_eq!(normal_two_sided(-z), got, "symmetric in z");
        }
        assert_eq!(normal_two_sided(0.0), 1.0);
        assert_eq!(normal_two_sided(f64::INFINITY), 0.0);
        assert!(normal_two_sided(f64::NAN).is_nan());
        // The old 2(1 − Φ(z)) gave exactly 0 here.
        assert!(2.0 * (1.0 - normal_cdf(8.5)) == 0.0 && normal_two_sided(8.5) > 0.0);
    }

    #[test]
    fn z_test_p_at_extreme_z_is_not_zero() {
        // 1000/1000 against 500/1000: pooled 0.75, se = sqrt(0.75·0.25·0.002) → z = 25.82.
        let t = two_proportion(1000, 1000, 500, 1000);
        assert!(close(t.stat, 25.819_888_974_716_11, 1e-9), "{t:?}");
        // erfc(25.8198889747161/√2) (mpmath); the old formula gave 0.
        assert!(rel_close(t.p, 5.302_850_374_626_878e-147, 1e-9), "{t:?}");
    }

    #[test]
    fn quantiles_come_from_statrs() {
        assert!(close(two_sided_z(0.95).unwrap(), Z95, 1e-12));
        assert!(close(
            two_sided_z(0.99).unwrap(),
            2.575_829_303_548_900_5,
            1e-12
        ));
        assert_eq!(two_sided_z(1.0), None);
        assert_eq!(two_sided_z(0.0), None);
        assert_eq!(two_sided_z(f64::NAN), None);
    }

    #[test]
    fn student_far_tail() {
        // I_{df/(df+t²)}(df/2, 1/2) to 30 digits (mpmath).
        for (t, df, p) in [
            (10.0, 8.0, 8.488_181_527_628_49e-6),
            (30.0, 5.0, 7.718_648_620_496_051e-7),
            (100.0, 20.0, 1.770_173_221_792_506_5e-28),
        ] {
            let got = student_two_sided(t, df);
            assert!(rel_close(got, p, 1e-8), "t = {t}, df = {df}: {got} vs {p}");
        }
        assert!(student_two_sided(1.0, 0.0).is_nan());
    }
}
