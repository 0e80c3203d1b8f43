-- A collection its owner disputed no longer counts toward the need it was made on (its units are
-- back on offer: libs/domain needs.ts `countsTowardNeedSql`), so its need is settled again when
-- the handover changes too, not only the status or the quantity (migration 050's trigger).
CREATE OR REPLACE FUNCTION requests.need_request_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  need_ids integer[];
BEGIN
  SELECT array_agg(DISTINCT nr.need_id) INTO need_ids
    FROM new_rows a
    JOIN old_rows b ON b.id = a.id
    JOIN requests.need_requests nr ON nr.request_id = a.id
   WHERE a.status IS DISTINCT FROM b.status OR a.quantity IS DISTINCT FROM b.quantity
      OR a.handover IS DISTINCT FROM b.handover;
  IF need_ids IS NOT NULL THEN
    PERFORM requests.queue_need_settling(need_ids);
  END IF;
  RETURN NULL;
END $$;
