-- Issue #35: the account's time zone (an IANA name); the daily purge and prefetch quotas reset at
-- its midnight, not the server's. The session keeps the language of its sign-in, the language of
-- its refusals when a request does not name one (x-portal-lang).
ALTER TABLE accounts ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'Asia/Shanghai';
ALTER TABLE sessions ADD COLUMN lang TEXT NOT NULL DEFAULT 'zh';
