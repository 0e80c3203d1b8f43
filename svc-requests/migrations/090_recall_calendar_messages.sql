-- The calendar messages a recall sends about a pickup (its hold cancels the time agreed, its lift
-- invites to it again), which the custody log does not record. A pickup's calendar sequence is
-- its custody entries plus these (`settlementNumber`), so each message outranks the one before
-- and the next settlement's outranks them (RFC 5546 §2.1.4; docs/expiry-and-recalls.md).
CREATE TABLE requests.recall_calendar_messages (
  request_id integer PRIMARY KEY REFERENCES requests.requests (id) ON DELETE CASCADE,
  sent integer NOT NULL CHECK (sent > 0)
);
