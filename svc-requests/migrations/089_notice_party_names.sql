-- Notices name each party as the e-mails do: its organisation, else its name (libs/domain
-- partyName; docs/transfers.md "Who a notice names"). Notices stored before named the mover by
-- the sign-in name: a `requester` or `owner` parameter equal to a party's name, where that party
-- has an organisation, becomes the organisation (partyNameSql). One statement per side, since a
-- notice's request has two parties.
UPDATE requests.notifications n
   SET params = (SELECT jsonb_object_agg(e.key, CASE WHEN e.key IN ('requester', 'owner') AND e.value = to_jsonb(u.name)
                                                     THEN to_jsonb(u.organization_name) ELSE e.value END)
                   FROM jsonb_each(n.params) e)
  FROM requests.requests r
  JOIN requests.users u ON u.id = r.requester_id
 WHERE n.request_id = r.id AND coalesce(u.organization_name, '') NOT IN ('', u.name)
   AND u.name IN (n.params->>'requester', n.params->>'owner');

UPDATE requests.notifications n
   SET params = (SELECT jsonb_object_agg(e.key, CASE WHEN e.key IN ('requester', 'owner') AND e.value = to_jsonb(u.name)
                                                     THEN to_jsonb(u.organization_name) ELSE e.value END)
                   FROM jsonb_each(n.params) e)
  FROM requests.requests r
  JOIN requests.users u ON u.id = r.owner_id
 WHERE n.request_id = r.id AND coalesce(u.organization_name, '') NOT IN ('', u.name)
   AND u.name IN (n.params->>'requester', n.params->>'owner');
