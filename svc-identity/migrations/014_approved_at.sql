-- When the account was first approved. Approving a rejected account is a reactivation only if it
-- had been approved before; one rejected at registration is being approved for the first time
-- (it gets the welcome e-mail, not "active again"). Set by a trigger, so every way an account
-- becomes approved (a review, auto-approval at registration, operators' scripts) counts.
ALTER TABLE identity.users ADD COLUMN approved_at timestamptz;

CREATE FUNCTION identity.note_first_approval() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.approved_at := now();
  RETURN NEW;
END
$$;

CREATE TRIGGER users_first_approval BEFORE INSERT OR UPDATE OF status ON identity.users
  FOR EACH ROW WHEN (NEW.status = 'approved' AND NEW.approved_at IS NULL)
  EXECUTE FUNCTION identity.note_first_approval();

-- Accounts made before: the approved ones, and the rejected ones with a trace of an approval (an
-- approval, suspension or reactivation e-mail sent, or a status event still in the outbox). A
-- rejected account without a trace is taken as never approved: at worst it is welcomed as new.
UPDATE identity.users SET approved_at = coalesce(reviewed_at, created_at) WHERE status = 'approved';
UPDATE identity.users u SET approved_at = coalesce(u.reviewed_at, u.created_at)
 WHERE u.status = 'rejected'
   AND (EXISTS (SELECT 1 FROM identity.sent_mail m
                 WHERE m.template IN ('account-approved', 'account-suspended', 'account-reactivated')
                   AND (m.idempotency_key LIKE 'status:' || u.id || ':%'
                        OR m.idempotency_key = 'registered:' || u.id))
        OR EXISTS (SELECT 1 FROM identity.outbox o
                    WHERE o.queue LIKE 'events.%'
                      AND o.payload->'user'->>'id' = u.id::text
                      AND o.payload->'user'->>'status' = 'approved'));
