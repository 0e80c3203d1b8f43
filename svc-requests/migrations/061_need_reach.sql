-- A need's reach (issue 26 item 3): listings farther than this from the needer's pickup point
-- never match it (one of libs/domain's radius choices; 25 km unless the needer says otherwise).
ALTER TABLE requests.needs ADD COLUMN reach_km integer NOT NULL DEFAULT 25;
