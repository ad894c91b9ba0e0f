from nodetype_studio.cli import main

raise SystemExit(main())
