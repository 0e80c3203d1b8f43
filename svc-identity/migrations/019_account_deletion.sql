-- A donor's deletion of their own account (docs/accounts.md, "Deleting an account"). The row
-- stays as the record that the account existed (id, type, created_at, deleted_at), so requests,
-- hand-overs and custody entries keep their references; everything personal in it is erased
-- (account/deletion-repo.ts). Its status stays 'rejected', so every check that keeps a suspended
-- account out keeps a deleted one out too.
ALTER TABLE identity.users ADD COLUMN deleted_at timestamptz;
ALTER TABLE identity.users ADD CONSTRAINT users_deleted_rejected CHECK (deleted_at IS NULL OR status = 'rejected');
