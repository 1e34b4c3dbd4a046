/**
 * The tolerance of the battery rules, in one place.
 *
 * EPSILON: a leg fits a charge up to max_distance + EPSILON, a route needs ceil(distance /
 * max_distance - EPSILON) charges, and times and distances within EPSILON of each other are
 * equal. Every module that judges a route (the problem's servable table, the recharge DP, the
 * route evaluator, the charge labels, the exact method) reads it from here, so they all accept
 * exactly the same legs.
 */
export const EPSILON = 1e-9;

/**
 * SAFE_SLACK: the wider margin of whatever adds the same distances in another order than the
 * route modules (a sum can move by ~1e-12), and must still accept every leg they accept: the
 * lower bounds (allowing more only lowers a bound, refusing a legal segment would overstate it)
 * and the plan checker (it adds a plan's edge weights one by one).
 */
export const SAFE_SLACK = 1e-6;
