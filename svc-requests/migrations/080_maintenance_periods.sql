-- Maintenance periods as the pickup sweep saw them. While maintenance is on, the gateway refuses
-- the parties' calls (nobody can hand over with a code or mark a collection), so the pickup clock
-- stands still, as under a recall's hold: the sweep opens a period when it first sees maintenance
-- on and closes it when it first sees it off, and at the close a window that ended meanwhile is
-- not missed, and a grace period or a code's expiry still running moves on by the period's length.
CREATE TABLE requests.maintenance_periods (
  id         serial PRIMARY KEY,
  started_at timestamptz NOT NULL,
  ended_at   timestamptz,
  CHECK (ended_at IS NULL OR ended_at >= started_at)
);
-- One open at most: sweeps of several instances open it once.
CREATE UNIQUE INDEX maintenance_periods_open ON requests.maintenance_periods ((true)) WHERE ended_at IS NULL;
