// The release before this one, as the upgrade test and the migration rule know it (docs/decisions/033): this
// release's migrations must never break it, and it must run again on this release's schema (a roll-back). When a
// release is cut (CHANGELOG.md), this becomes that release: its version, its commit, its last migration.
export const PREVIOUS_RELEASE = {
  version: '0.1.0',
  commit: '294752079083b74ba50921126e18a6a36779863b',
  lastMigration: '0030_volume-prices-and-promo-codes',
} as const;
