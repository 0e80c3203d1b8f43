-- The listing's prices when the request was made, {discountPrice, originalPrice}: what the
-- requester was shown and asked at. An approval records them, or the listing's prices then when
-- those are lower (libs/domain `pricesToCharge`): an owner's rise after the request is not charged
-- to it. NULL for requests made before this column (their approval reads the listing's prices).
ALTER TABLE requests.requests ADD COLUMN asked_prices jsonb;
