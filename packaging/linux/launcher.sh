#!/bin/sh
# Node Type Studio: the frozen app lives in /opt/nodetype-studio.
exec /opt/nodetype-studio/nodetype-studio "$@"
