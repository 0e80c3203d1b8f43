-- The user's governorate (issue 16): one of Egypt's 27 (keys in libs/domain governorates.ts),
-- optional at registration and in the profile; carried by user events to the read models,
-- where svc-requests ranks matches in the needer's own governorate first.
ALTER TABLE identity.users ADD COLUMN governorate text;
