#!/usr/bin/python3
# fio-plot's own main (fio-plot/fio_plot/__init__.py:32-43 at louwrentius/fio-plot cfc6a6f), run
# with fio-plot's command-line arguments as given: the settings from its argument parser and
# preflight checks, the data from its JSON import or its log import (the graph type's get_data),
# then the chart drawn as fio-plot draws it. Before the chart, the data as fio-plot read it is
# printed on one line, "fio-plot data: " and JSON, for the test to compare with fio's own output.
# Start it with fio-plot/ (the copy beside this file) on PYTHONPATH.
import json
import sys

import fio_plot
from fio_plot.fiolib import getdata

parser, settings = fio_plot.get_settings()
routing_dict = getdata.get_routing_dict()
graphtype = settings["graphtype"]
settings = getdata.configure_default_settings(settings, routing_dict, graphtype)
data = routing_dict[graphtype]["get_data"](settings)
if graphtype == "loggraph":
    read = data
else:
    read = [{"files": d["files"], "data": d["data"]} for d in data]
print("fio-plot data: " + json.dumps(read, default=str), flush=True)
routing_dict[graphtype]["function"](settings, data)
