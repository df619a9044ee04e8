/**
 * A running period's figures "to date" (docs/decisions/0027-figures-to-date.md): days still to
 * come are planned work, not missing work. The days before today count in full; today counts
 * what has been worked, and expects at most that much until it ends, so a day under way is never
 * short and its hours beyond the expected show at once. A period wholly past gives the period's
 * figures; one wholly to come gives zeros.
 */

export interface ToDateFigures {
  /** Expected minutes of the days before today, plus today's worked minutes up to its expected. */
  expected_to_date_minutes: number
  /** Worked minutes of the days up to today less expected_to_date_minutes. */
  balance_to_date_minutes: number
}

/** The figures to date of some days (YYYY-MM-DD dates, in the zone `today` was read in). */
export function toDateFigures(
  days: Iterable<{ date: string; worked_minutes: number; expected_minutes: number }>,
  today: string,
): ToDateFigures {
  let worked = 0
  let expected = 0
  for (const day of days) {
    if (day.date > today) continue
    worked += day.worked_minutes
    expected += day.date < today ? day.expected_minutes : Math.min(day.worked_minutes, day.expected_minutes)
  }
  return { expected_to_date_minutes: expected, balance_to_date_minutes: worked - expected }
}

/** Figures to date of nothing: what sums start from. */
export function noToDateFigures(): ToDateFigures {
  return { expected_to_date_minutes: 0, balance_to_date_minutes: 0 }
}
