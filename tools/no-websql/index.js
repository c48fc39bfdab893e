throw new Error('pouchdb-server --sqlite is not available here: the SQLite adapter is not installed (tools/no-websql). Run it on LevelDB, its default.');
