-- The provider's host inventory feed (issue #35): the name the feed last sent, so that a rename in
-- the portal is kept until the feed itself sends another name (null: never reported by the feed).
ALTER TABLE hosts ADD COLUMN feed_name TEXT;
