// What other modules use of the review area (see ARCHITECTURE.md, "Review").
export { reviewRefusals, standingReasons } from './refusals.ts';
export { reviewPace } from './pace.ts';
export { assertNotClaimedByOther } from './claims.ts';
