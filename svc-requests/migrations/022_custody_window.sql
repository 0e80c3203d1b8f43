-- The custody log names the pickup window in force at each entry (the one chosen, or accepted from
-- the requester's proposal), as the e-mails, reminders and calendar files name it.
ALTER TABLE requests.custody_log
  ADD COLUMN window_starts_at timestamptz,
  ADD COLUMN window_ends_at timestamptz;
