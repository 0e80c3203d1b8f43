-- The browser a session was signed in from, as its User-Agent (at most 512 characters), so the
-- sessions list names it in its reader's language ("Chrome على Windows"); `device` keeps the
-- English name written at sign-in, which sessions recorded before this change still show.
ALTER TABLE identity.sessions ADD COLUMN user_agent text;
