import Cloud
