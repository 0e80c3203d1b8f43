-- Whether the last calendar message a recall sent about the pickup was its hold's cancel (the
-- pickup-on-hold e-mail, which goes whatever the notifications switch says and tells each party
-- that an e-mail puts the time back at the lift). The lift then invites to the time again whatever
-- the switch says; otherwise its invitation is a notice like any pickup-confirmed
-- (docs/expiry-and-recalls.md). Rows written before: false.
ALTER TABLE requests.recall_calendar_messages ADD COLUMN cleared boolean NOT NULL DEFAULT false;
