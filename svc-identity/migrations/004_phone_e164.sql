-- Phone numbers in E.164 (issue 13), by the rule of libs/domain phone.ts (normalizePhone):
-- Arabic-Indic digits read as digits, spaces/dashes/dots/brackets dropped; '+cc…', '00cc…',
-- '0…' (Egypt, trunk 0) and '20…'; Egyptian numbers must be a mobile 1[0125] + 8 digits or a
-- landline 2–9 + 7 or 8 digits. Numbers that do not parse stay as they are.
WITH cleaned AS (
  SELECT id,
         regexp_replace(
           translate(btrim(phone), '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789'),
           '[[:space:].()\u200e\u200f-]', '', 'g') AS p
    FROM identity.users
), digits AS (
  SELECT id,
         CASE
           WHEN p ~ '^\+' THEN substr(p, 2)
           WHEN p ~ '^00' THEN substr(p, 3)
           WHEN p ~ '^0' THEN '20' || substr(p, 2)
           WHEN p ~ '^20(1[0125][0-9]{8}|[2-9][0-9]{7,8})$' THEN p
         END AS d
    FROM cleaned
), parsed AS (
  SELECT id, '+' || d AS e164
    FROM digits
   WHERE d ~ '^20(1[0125][0-9]{8}|[2-9][0-9]{7,8})$'
      OR (d !~ '^20' AND d ~ '^[1-9][0-9]{7,14}$')
)
UPDATE identity.users u SET phone = parsed.e164
  FROM parsed
 WHERE parsed.id = u.id AND u.phone <> parsed.e164;

-- The read models of catalog and requests gained a phone column: one user.updated event per
-- user (a new version, so consumers apply it) fills it, as the services would write it.
UPDATE identity.users SET version = version + 1, updated_at = now();

INSERT INTO identity.outbox (id, queue, job_name, payload)
SELECT gen_random_uuid(), q.queue, 'user.updated',
       jsonb_build_object(
         'eventId', gen_random_uuid(),
         'type', 'user.updated',
         'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'user', jsonb_build_object(
           'id', u.id, 'name', u.name, 'email', u.email, 'phone', u.phone,
           'userType', u.user_type, 'status', u.status,
           'address', COALESCE(p.address, n.address, d.address),
           'organizationName', n.organization_name,
           'language', u.language, 'version', u.version))
  FROM identity.users u
  LEFT JOIN identity.pharmacies p ON p.user_id = u.id
  LEFT JOIN identity.ngos n ON n.user_id = u.id
  LEFT JOIN identity.donors d ON d.user_id = u.id
 CROSS JOIN (VALUES ('events.catalog.users'), ('events.requests.users')) AS q(queue);
