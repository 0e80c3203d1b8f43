-- Photos are served by their random key (issue 14), not by the listing's id: the image route
-- finds the listing from the key.
CREATE UNIQUE INDEX medicines_image_key ON catalog.medicines (image_key) WHERE image_key IS NOT NULL;
