-- A notification database as schema version 1 wrote it (pending requests and delivery history, no inbox),
-- with one pending request and one delivery. NotificationStoreTests opens it with the current code.
CREATE TABLE pending_request (
    identifier TEXT PRIMARY KEY NOT NULL,
    thread_id TEXT NOT NULL,
    fire_ms INTEGER NOT NULL,
    sequence INTEGER NOT NULL,
    request BLOB NOT NULL
);
CREATE INDEX pending_request_by_fire ON pending_request (fire_ms, sequence);
CREATE INDEX pending_request_by_thread ON pending_request (thread_id);
CREATE TABLE delivery (
    id INTEGER PRIMARY KEY,
    identifier TEXT NOT NULL,
    thread_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    fire_ms INTEGER NOT NULL,
    shown_ms INTEGER NOT NULL,
    late INTEGER NOT NULL CHECK (late IN (0, 1)),
    withdrawn_ms INTEGER,
    withdrawn_reason TEXT
);
CREATE INDEX delivery_by_identifier ON delivery (identifier, shown_ms);
CREATE INDEX delivery_by_shown ON delivery (shown_ms);
INSERT INTO pending_request VALUES ('task_water', 'tasks', 1781884800000, 7, CAST('{"actions":[],"body":{"arguments":["Water the plants"],"key":"task_body","table":"GrowBro"},"channel":{"categoryID":"CULTIVATION_REMINDERS","channelDescription":{"arguments":[],"key":"channel_reminders_description","table":"GrowBro"},"id":"cultivation.reminders","importance":"high","interruptionLevel":"timeSensitive","name":{"arguments":[],"key":"channel_reminders","table":"GrowBro"}},"deepLink":"growbro://task/water","fireAt":803577600,"identifier":"task_water","interruptionLevel":"timeSensitive","metadata":{},"threadID":"tasks","title":{"arguments":[],"key":"task_title","table":"GrowBro"}}' AS BLOB));
INSERT INTO delivery VALUES (1, 'msg_1', 'post_9', 'community.interactions', 1781881200000, 1781881200250, 0, 1781881260000, 'collapsed');
PRAGMA user_version = 1;
